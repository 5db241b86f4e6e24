import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Tag } from '@blueprintjs/core';
import { Endorsed } from '@blueprintjs/icons';
import { useShellStores } from './useShellStores';
import { isBetaMode } from './stores/FullManageStore';

/** 'Full manage approved', in beta mode only (localStorage `beta`), when the profile's full-manage status is approved. */
export const FullManageBadge = observer(function FullManageBadge() {
  const intl = useIntl();
  const { fullManage } = useShellStores();
  const [beta] = useState(() => isBetaMode());
  useEffect(() => {
    if (beta) void fullManage.load();
  }, [beta, fullManage]);
  if (!beta || !fullManage.approved) return null;
  return (
    <Tag intent="success" icon={<Endorsed />} round data-testid="full-manage-badge">
      {intl.formatMessage({ id: 'shell.topbar.fullManage' })}
    </Tag>
  );
});
