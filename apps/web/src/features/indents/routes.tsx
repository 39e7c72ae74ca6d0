import type { ReactElement } from 'react';
import { IndentBackupsPage } from './indent-backups.tsx';
import { IndentDetailPage } from './indent-detail.tsx';
import { IndentEditPage } from './indent-edit.tsx';
import { IndentFormPage } from './indent-form.tsx';
import { IndentListPage } from './indent-list.tsx';

/** The shipper's indent pages; the indent's `toll/…` and `locations/…` are the tracking feature's order pages. */
export const indentRouteElements: Record<string, ReactElement> = {
  indent: <IndentListPage />,
  'indent.new-indent': <IndentFormPage />,
  'indent.edit-indent': <IndentEditPage />,
  'indent.indent-detail': <IndentDetailPage />,
  'indent.add-indent-backup-carrier': <IndentBackupsPage />,
};
