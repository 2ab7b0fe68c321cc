import { Drawer, Spin } from 'antd';
import { lazy, Suspense } from 'react';

const BookingAssistantPanel = lazy(() =>
  import('./BookingAssistantPanel').then((m) => ({ default: m.BookingAssistantPanel })),
);

/** The booking assistant's drawer and its chat: loaded when the header's button is first pressed. */
export function BookingAssistantDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer title="Booking assistant" open={open} onClose={onClose} width={520}>
      <Suspense fallback={<Spin />}>
        <BookingAssistantPanel />
      </Suspense>
    </Drawer>
  );
}
