/**
 * The machine card's I/O (issue 31 item 5): GET machine-dashboard/card/{id}, answered to whoever may open the card
 * (the machine privilege, or an open ticket on it that the caller works); 404 to anyone else.
 */
import { endpointRequest } from '../../api/calls';
import { machineDashboardEndpoints, type MachineCard } from '../../contract/machineShapes';

export function fetchMachineCard({ machineId }: { machineId: string }): Promise<MachineCard> {
  return endpointRequest(machineDashboardEndpoints.card, { params: { id: machineId } });
}

export type { MachineCard } from '../../contract/machineShapes';
