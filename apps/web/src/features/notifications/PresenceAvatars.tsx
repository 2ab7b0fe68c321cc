import { Avatar, Tooltip } from 'antd';
import { avatarFor } from '@casebook/domain';
import { AnimalIcon } from './AnimalIcon';
import { usePresence } from './usePresence';

/** The other users viewing this record: a coloured animal avatar each, named on hover. */
export function PresenceAvatars({ fromModule, objectId }: { fromModule: string; objectId: string | undefined }) {
  const viewers = usePresence(fromModule, objectId);
  if (viewers.length === 0) return null;
  return (
    <Avatar.Group className="presence-avatars" aria-label="Also viewing">
      {viewers.map((v) => {
        const { colour, animal } = avatarFor(v.userId);
        return (
          <Tooltip key={v.userId} title={`${v.userName} is viewing`}>
            <Avatar
              style={{ backgroundColor: colour }}
              aria-label={`${v.userName} (${animal})`}
              data-viewer={v.userName}
            >
              <AnimalIcon animal={animal} ink={colour} />
            </Avatar>
          </Tooltip>
        );
      })}
    </Avatar.Group>
  );
}
