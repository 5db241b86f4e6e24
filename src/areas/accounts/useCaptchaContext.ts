import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { CaptchaContext } from '../../../widgets';
import type { Captcha } from '../../../generated/types';
import { useStores } from '../../app/context';
import { useLocaleStore } from '../../i18n/I18nProvider';

/** The `formContext` of a guest form: the built-in captcha (`GET captcha`) with translated texts. */
export function useCaptchaContext(): { captcha: CaptchaContext } {
  const { api } = useStores();
  const intl = useIntl();
  const { locale } = useLocaleStore();
  return useMemo(
    () => ({
      captcha: {
        // The question comes in the panel's language.
        load: async () => (await api.get<{ data: Captcha }>('captcha', { params: { locale }, silent: true })).data,
        labels: {
          loading: intl.formatMessage({ id: 'captcha.loading' }),
          failed: intl.formatMessage({ id: 'captcha.failed' }),
          retry: intl.formatMessage({ id: 'captcha.retry' }),
          another: intl.formatMessage({ id: 'captcha.another' }),
          answer: intl.formatMessage({ id: 'captcha.answer' }),
        },
      },
    }),
    [api, intl, locale],
  );
}
