import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@freightdesk/shared/schemas/auth';

/** The login form's validation, by the shared schema; fetched when the form is first used (login-page.tsx). */
export const loginResolver = zodResolver(loginBodySchema);
