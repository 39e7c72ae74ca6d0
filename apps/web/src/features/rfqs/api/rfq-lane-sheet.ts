import type { RouteMaster } from '@freightdesk/shared/schemas/route-master';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';

/** `GET /api/rfqs/lanes/import/template?format=` [add-rfp]: the lane sheet's template, as the browser's download. */
export const downloadRfqLaneTemplate = (format: 'xlsx' | 'csv') =>
  downloadFile('/rfqs/lanes/import/template', { format }, `rfq-lanes-import-template.${format}`);

/** Where the lane sheet is uploaded (SheetUploadDialog sends it): `POST /api/rfqs/lanes/import` [add-rfp]. */
export const RFQ_LANE_IMPORT_PATH = '/rfqs/lanes/import';

/** `GET /api/route-masters/:id` [list-route]: the route master a lane is filled from. */
export const getRouteMaster = (id: string) => api.get<{ data: RouteMaster }>(`/route-masters/${id}`).then((r) => r.data);
