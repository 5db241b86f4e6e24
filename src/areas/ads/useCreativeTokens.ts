import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { ApiClient } from '../../../engine/api';
import type { TokenChoice } from '../../../widgets/tokens';
import { useStores } from '../../app/context';
import type { CreativeToken } from '../../../generated/types';

// One list per API client for the session: the tokens change only with a server release. A failed load is not
// kept, so the menu's retry asks again.
const lists = new WeakMap<ApiClient, Promise<CreativeToken[]>>();

function creativeTokens(api: ApiClient): Promise<CreativeToken[]> {
  let list = lists.get(api);
  if (!list) {
    list = api.get<{ data: CreativeToken[] }>('ads/creative-tokens', { silent: true }).then((answer) => answer.data);
    list.catch(() => lists.delete(api));
    lists.set(api, list);
  }
  return list;
}

/** The `tokens` loader of the ad form's context: `GET ads/creative-tokens`, labelled in the reader's language. */
export function useCreativeTokens(): () => Promise<readonly TokenChoice[]> {
  const { api } = useStores();
  const intl = useIntl();
  return useCallback(
    async () =>
      (await creativeTokens(api)).map(({ id, token }) => {
        const key = `adToken.${id}`;
        // A token newer than the panel's texts shows its id.
        return { token, label: Object.hasOwn(intl.messages, key) ? intl.formatMessage({ id: key }) : id };
      }),
    [api, intl],
  );
}
