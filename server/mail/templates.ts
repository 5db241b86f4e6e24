/**
 * Mail texts by kind and locale (en is the fallback). `{name}`-style placeholders are filled by `renderMail`;
 * every link is a placeholder too, so the mailer knows the links of each mail (the outbox lists them).
 */
type Template = { subject: string; body: string; action?: string };
type Locale = 'en' | 'ru' | 'es' | 'de' | 'jp';

export type MailKind = 'email_confirmation' | 'login_code' | 'password_reset' | 'notification';

const TEMPLATES: Record<MailKind, Partial<Record<Locale, Template>> & { en: Template }> = {
  email_confirmation: {
    en: { subject: '{network}: confirm your e-mail address', body: 'Hello {name},\n\nPlease confirm your e-mail address for {network}. The link works for 7 days.', action: 'Confirm e-mail' },
    ru: { subject: '{network}: подтвердите адрес электронной почты', body: 'Здравствуйте, {name}!\n\nПодтвердите адрес электронной почты для {network}. Ссылка действует 7 дней.', action: 'Подтвердить адрес' },
    de: { subject: '{network}: Bestätigen Sie Ihre E-Mail-Adresse', body: 'Hallo {name},\n\nbitte bestätigen Sie Ihre E-Mail-Adresse für {network}. Der Link ist 7 Tage gültig.', action: 'E-Mail bestätigen' },
    es: { subject: '{network}: confirme su dirección de correo', body: 'Hola, {name}:\n\nConfirme su dirección de correo para {network}. El enlace es válido durante 7 días.', action: 'Confirmar correo' },
  },
  login_code: {
    en: { subject: '{network}: your sign-in code {code}', body: 'Hello {name},\n\nYour sign-in code is {code}. It expires in 10 minutes. If you did not try to sign in, change your password.' },
    ru: { subject: '{network}: код для входа {code}', body: 'Здравствуйте, {name}!\n\nВаш код для входа: {code}. Он действует 10 минут. Если вы не входили в кабинет, смените пароль.' },
    de: { subject: '{network}: Ihr Anmeldecode {code}', body: 'Hallo {name},\n\nIhr Anmeldecode lautet {code}. Er ist 10 Minuten gültig. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.' },
    es: { subject: '{network}: su código de acceso {code}', body: 'Hola, {name}:\n\nSu código de acceso es {code}. Caduca en 10 minutos. Si no intentó iniciar sesión, cambie su contraseña.' },
  },
  password_reset: {
    en: { subject: '{network}: reset your password', body: 'Hello {name},\n\nSomeone asked to reset the password of your {network} account. The link works for one hour; if it was not you, ignore this mail.', action: 'Reset password' },
    ru: { subject: '{network}: сброс пароля', body: 'Здравствуйте, {name}!\n\nПоступил запрос на сброс пароля вашей учётной записи {network}. Ссылка действует один час; если это были не вы, просто проигнорируйте письмо.', action: 'Сбросить пароль' },
    de: { subject: '{network}: Passwort zurücksetzen', body: 'Hallo {name},\n\njemand möchte das Passwort Ihres {network}-Kontos zurücksetzen. Der Link ist eine Stunde gültig; waren Sie es nicht, ignorieren Sie diese E-Mail.', action: 'Passwort zurücksetzen' },
    es: { subject: '{network}: restablecer la contraseña', body: 'Hola, {name}:\n\nAlguien pidió restablecer la contraseña de su cuenta de {network}. El enlace es válido durante una hora; si no fue usted, ignore este correo.', action: 'Restablecer contraseña' },
  },
  notification: {
    en: { subject: '{network}: {title}', body: 'Hello {name},\n\n{title}.\n\nYou receive this mail as a user of {network}.', action: 'Open the panel' },
    ru: { subject: '{network}: {title}', body: 'Здравствуйте, {name}!\n\n{title}.\n\nВы получили это письмо как пользователь {network}.', action: 'Открыть кабинет' },
    de: { subject: '{network}: {title}', body: 'Hallo {name},\n\n{title}.\n\nSie erhalten diese E-Mail als Nutzer von {network}.', action: 'Panel öffnen' },
  },
};

/** Footer of notification mails: the signed unsubscribe link. */
const UNSUBSCRIBE: Partial<Record<Locale, string>> & { en: string } = {
  en: 'Unsubscribe or choose which notifications you get',
  ru: 'Отписаться или выбрать уведомления',
  de: 'Abmelden oder Benachrichtigungen auswählen',
  es: 'Darse de baja o elegir notificaciones',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (s: string, values: Record<string, string>) => s.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Renders a mail in the user's locale (falling back to English) with its call-to-action and unsubscribe links. */
export function renderMail(kind: MailKind, locale: string, values: Record<string, string>, links: { action?: string; unsubscribe?: string } = {}): RenderedMail {
  const set = TEMPLATES[kind];
  const t = set[locale as Locale] ?? set.en;
  const subject = fill(t.subject, values);
  const body = fill(t.body, values);
  const footer = UNSUBSCRIBE[locale as Locale] ?? UNSUBSCRIBE.en;
  const text = [body, links.action && t.action ? `${t.action}: ${links.action}` : '', links.unsubscribe ? `--\n${footer}: ${links.unsubscribe}` : '']
    .filter(Boolean)
    .join('\n\n');
  const paragraphs = body.split('\n\n').map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs,
    links.action && t.action ? `<p><a href="${escapeHtml(links.action)}">${escapeHtml(t.action)}</a></p>` : '',
    links.unsubscribe ? `<hr><p style="font-size:12px"><a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(footer)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html, links: [links.action, links.unsubscribe].filter((l): l is string => !!l) };
}
