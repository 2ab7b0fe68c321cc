import { MessageOutlined } from '@ant-design/icons';
import { Button, Drawer, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';

const BookingAssistantPanel = lazy(() =>
  import('./BookingAssistantPanel').then((m) => ({ default: m.BookingAssistantPanel })),
);

/** The header's booking-assistant button and its drawer (the chat loads when first opened). */
export function BookingAssistantLauncher() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="text"
        aria-label="Booking assistant"
        icon={<MessageOutlined aria-hidden />}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      />
      <Drawer title="Booking assistant" open={open} onClose={() => setOpen(false)} width={520}>
        {opened && (
          <Suspense fallback={<Spin />}>
            <BookingAssistantPanel />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
