import { Flex, Skeleton, Typography } from 'antd';
import { FormMessages } from '@casebook/domain';
import { useLoadingHint } from '../controls';

/** A screen still loading: a skeleton, and the spec's hint once it has taken 5 seconds. */
export function Loading() {
  const slow = useLoadingHint(true);
  return (
    <Flex vertical gap="small" className="screen" aria-busy="true">
      {slow && (
        <Typography.Text type="secondary" role="status">
          {FormMessages.loadingHint}
        </Typography.Text>
      )}
      <Skeleton active />
    </Flex>
  );
}
