import { Tag } from 'antd';
import { SlotStatusColours, SlotStatusLabels, type SlotStatus } from '@casebook/domain';

/** A slot status in its calendar colour. */
export function SlotStatusTag({ status }: { status: number }) {
  const s = status as SlotStatus;
  return <Tag color={SlotStatusColours[s]}>{SlotStatusLabels[s] ?? String(status)}</Tag>;
}
