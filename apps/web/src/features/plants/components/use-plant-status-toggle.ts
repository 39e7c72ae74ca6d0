import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { STATUS_LABEL } from '@freightdesk/shared/schemas/common';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { confirmAction } from '../../../components/feedback/confirm.tsx';
import { toast } from '../../../components/feedback/feedback.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSetPlantStatus } from '../api/set-plant-status.ts';

/** Activate / deactivate a plant after 'Are you sure?' / 'Status will be changed!', then a toast. */
export function usePlantStatusToggle() {
  const setStatus = useSetPlantStatus();
  const toggle = async (plant: Pick<Plant, 'id' | 'name' | 'status'>) => {
    const status = plant.status === 'active' ? 'inactive' : 'active';
    const confirmed = await confirmAction(CONFIRM_TEXT.statusChange, 'Yes', status === 'inactive');
    if (!confirmed) {
      return;
    }
    setStatus.mutate(
      { id: plant.id, status },
      {
        onSuccess: () => toast(`${plant.name} is now ${STATUS_LABEL[status]}.`),
        onError: (err) => toast(err instanceof ApiError ? err.message : 'The status could not be changed.', 'error'),
      },
    );
  };
  return { toggle, pending: setStatus.isPending };
}
