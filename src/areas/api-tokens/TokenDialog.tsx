import { useIntl } from 'react-intl';
import { Button, Callout, Code, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ApiTokenCreated } from '../../../generated/types';
import { CopyField } from '../../common/CopyField';

/**
 * The token just made, shown this once: to copy, with how to send it, and a way to try it in the reference below.
 * It closes only by its buttons (a stray click outside must not lose a secret that cannot be shown again).
 */
export function TokenDialog({ token, onClose, onTry }: { token: ApiTokenCreated | null; onClose: () => void; onTry: (token: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `apiTokens.created.${id}` }, values);
  return (
    <Dialog isOpen={token !== null} onClose={onClose} title={token ? t('title', { name: token.name }) : ''} canOutsideClickClose={false} canEscapeKeyClose={false}>
      {token ? (
        <>
          <DialogBody>
            <Callout intent="warning" title={t('once')}>
              {t('onceText')}
            </Callout>
            <CopyField value={token.token} label={t('token')} />
            <p>{t(token.scope === 'read' ? 'scope.read' : 'scope.full')}</p>
            <p>
              {t('how')} <Code>Authorization: Bearer {token.id}_…</Code>
            </p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('try')} onClick={() => onTry(token.token)} />
                <Button intent="primary" text={t('done')} onClick={onClose} />
              </>
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}
