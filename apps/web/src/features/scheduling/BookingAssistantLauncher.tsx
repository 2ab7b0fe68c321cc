import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

// antd's drawer is not part of the first screen: it loads with the chat, when the button is first pressed.
const BookingAssistantDrawer = lazy(() =>
  import('./BookingAssistantDrawer').then((m) => ({ default: m.BookingAssistantDrawer })),
);

/** The header's booking-assistant button and its drawer (the drawer and the chat load when first opened). */
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
      {opened && (
        <Suspense>
          <BookingAssistantDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
