import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './helpers.ts';

/** Calls beside the browser's own, as one user: for setting up what a spec then looks at. */
export type ApiUser = {
  get: <T>(url: string) => Promise<T>;
  post: <T>(url: string, data: unknown, status?: number) => Promise<T>;
};

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** Logs a user in through the API; answers GET and POST helpers that check the status. */
export async function apiUser(request: APIRequestContext, email: string, password = PASSWORD): Promise<ApiUser> {
  const login = await request.post('/api/auth/login', { data: { login: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  return {
    get: async (url) => {
      const res = await request.get(url, { headers });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return (await res.json()).data;
    },
    post: async (url, data, status = 201) => {
      const res = await request.post(url, { headers, data: data as object });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
      return (await res.json()).data;
    },
  };
}

type Option = { id: number; name: string };

/** The demo shipper's ids a request or an order needs: a plant by name, Vayu Roadlines' link, a vehicle type. */
export async function demoIds(owner: ApiUser, plantName = 'Pune Chakan Plant') {
  const plants = await owner.get<Option[]>('/api/plants/options');
  const carriers = await owner.get<Option[]>('/api/carriers/options');
  const [vehicle] = await owner.get<Option[]>('/api/vehicle-types/options');
  const plant = plants.find((p) => p.name === plantName);
  const vayu = carriers.find((c) => c.name === 'Vayu Roadlines');
  expect(plant && vayu && vehicle).toBeTruthy();
  return { plantId: plant?.id ?? 0, vayuLink: vayu?.id ?? 0, vehicleTypeId: vehicle?.id ?? 0 };
}
