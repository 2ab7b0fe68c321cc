import { useQueryClient } from '@tanstack/react-query';
import { SystemConfigEndpoints } from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { PROFILE_QUERY } from '../session/SessionProvider';
import { SIDEBAR_COLOR_SETTING, type SidebarColor } from './sidebarColors';
import { useTheme } from './useTheme';

/** Applies a sidebar colour and keeps it as the user's setting, so other browsers get it too. */
export function useSaveSidebarColor(): (color: SidebarColor) => Promise<void> {
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const { setSidebarColor } = useTheme();
  return async (color) => {
    setSidebarColor(color);
    await call(SystemConfigEndpoints.setUserSetting, { body: { key: SIDEBAR_COLOR_SETTING, value: color } });
    await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
    notices.success();
  };
}
