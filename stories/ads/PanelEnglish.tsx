import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { TranslatorContext } from '../../engine/i18n/TranslatorContext';
import panel from '../../generated/locales/en.panel.json';
import { intlTranslator } from '../../src/i18n/I18nProvider';
import { englishMessages, type CompiledMessages } from '../../src/i18n/messages';

/** The signed-in panel's English messages (guest and panel bundles), as the app loads them for `en`. */
const messages: CompiledMessages = { ...englishMessages, ...(panel as unknown as CompiledMessages) };

function Bridge({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const translator = useMemo(() => intlTranslator(intl, 'en'), [intl]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The panel's English texts around a story, as src/i18n/I18nProvider gives them to the app: react-intl for the
 * page's own texts and the engine's translator for forms and widgets (validation messages read as in the panel).
 */
export function PanelEnglish({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en" defaultLocale="en" messages={messages}>
      <Bridge>{children}</Bridge>
    </IntlProvider>
  );
}
