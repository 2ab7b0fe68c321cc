import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { endpointKey, SupplementaryEndpoints, SupplementaryModule } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useCall } from '../../platform/api/endpoints';

/** "Create supplementary" on an IME case: a supplementary report carrying its parties, opened in its own tab. */
export function CreateSupplementaryButton({ caseId }: { caseId: string }) {
  const call = useCall();
  const can = useCan();
  const { open } = useWorkspace();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!can(SupplementaryEndpoints.suppFromModule.access.permission!)) return null;
  async function create() {
    setBusy(true);
    try {
      const created = await call(SupplementaryEndpoints.suppFromModule, {
        body: { fromModule: 'IME', objectId: caseId },
      });
      await queryClient.invalidateQueries({ queryKey: endpointKey(SupplementaryEndpoints.list) });
      open({ path: `${SupplementaryModule.route}/detail/${created.id}` });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void create()} loading={busy}>
      Create supplementary
    </Button>
  );
}
