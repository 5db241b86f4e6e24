/**
 * The words of the sandbox's hosted pages in the panel's five languages. The page is a stand-in for a processor's
 * own page (which speaks the payer's language), not the panel's: its texts live here, not in the panel's catalogue.
 */
import type { CardProblem } from './testCards';

export interface SandboxTexts {
  /** The BCP 47 tag of the page. */
  lang: string;
  brand: string;
  testMode: string;
  payment: string;
  email: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardholder: string;
  pay: string;
  cancel: string;
  savesCard: string;
  checkDetails: string;
  retypeNumber: string;
  testCards: string;
  testCardsNote: string;
  cardOutcomes: Record<'succeeds' | 'declined' | 'insufficient_funds' | 'challenge' | 'declines_later' | 'other', string>;
  problems: Record<CardProblem, string>;
  challengeTitle: string;
  challengeText: string;
  code: string;
  confirm: string;
  invalidTitle: string;
  invalidText: string;
  expiredTitle: string;
  expiredText: string;
  back: string;
  unavailableTitle: string;
  unavailableText: string;
}

const en: SandboxTexts = {
  lang: 'en',
  brand: 'Sandbox gateway',
  testMode: 'Test mode, no real money',
  payment: 'Payment',
  email: 'E-mail',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  cardholder: 'Name on the card',
  pay: 'Pay {amount}',
  cancel: 'Cancel and return',
  savesCard: 'The card will be kept for automatic top-ups.',
  checkDetails: 'Check the card details below.',
  retypeNumber: 'For your safety the card number is not shown again: enter the card ending in {last4} once more.',
  testCards: 'Test cards',
  testCardsNote: 'Use any future expiry date and any three digits as CVC.',
  cardOutcomes: {
    succeeds: 'Succeeds',
    declined: 'Declined',
    insufficient_funds: 'Declined: insufficient funds',
    challenge: 'The bank asks for a code: 123456 confirms, any other fails',
    declines_later: 'Succeeds; later automatic charges of the kept card are declined',
    other: 'Any other valid number: succeeds',
  },
  problems: {
    numberMissing: 'Enter the card number.',
    numberInvalid: 'This card number is not valid.',
    expiryInvalid: 'Enter the expiry date as MM/YY.',
    expired: 'This card has expired.',
    cvcInvalid: 'Enter the three or four digits of the security code.',
    nameMissing: 'Enter the name on the card.',
  },
  challengeTitle: 'Confirm the payment',
  challengeText: 'Enter the code 123456 sent by your bank for the card ending in {last4}.',
  code: 'Confirmation code',
  confirm: 'Confirm',
  invalidTitle: 'This payment link is not valid',
  invalidText: 'Return to the panel and start the payment again.',
  expiredTitle: 'This payment page has expired',
  expiredText: 'A payment page stays open for an hour. Return to the panel and start the payment again.',
  back: 'Return to the panel',
  unavailableTitle: 'The payment could not be recorded',
  unavailableText: 'Nothing was charged. Try again in a minute.',
};

const ru: SandboxTexts = {
  lang: 'ru',
  brand: 'Тестовый платёжный шлюз',
  testMode: 'Тестовый режим, без настоящих денег',
  payment: 'Платёж',
  email: 'E-mail',
  cardNumber: 'Номер карты',
  expiry: 'Срок действия (ММ/ГГ)',
  cvc: 'CVC',
  cardholder: 'Имя на карте',
  pay: 'Оплатить {amount}',
  cancel: 'Отменить и вернуться',
  savesCard: 'Карта будет сохранена для автоматических пополнений.',
  checkDetails: 'Проверьте данные карты ниже.',
  retypeNumber: 'В целях безопасности номер карты не показывается повторно: введите ещё раз номер карты, оканчивающийся на {last4}.',
  testCards: 'Тестовые карты',
  testCardsNote: 'Подойдёт любой будущий срок действия и любые три цифры CVC.',
  cardOutcomes: {
    succeeds: 'Успешно',
    declined: 'Отклонена',
    insufficient_funds: 'Отклонена: недостаточно средств',
    challenge: 'Банк запросит код: 123456 подтверждает, любой другой отклоняет',
    declines_later: 'Успешно; последующие автоматические списания с сохранённой карты отклоняются',
    other: 'Любой другой корректный номер: успешно',
  },
  problems: {
    numberMissing: 'Введите номер карты.',
    numberInvalid: 'Номер карты неверен.',
    expiryInvalid: 'Введите срок действия в виде ММ/ГГ.',
    expired: 'Срок действия карты истёк.',
    cvcInvalid: 'Введите три или четыре цифры кода безопасности.',
    nameMissing: 'Введите имя, указанное на карте.',
  },
  challengeTitle: 'Подтвердите платёж',
  challengeText: 'Введите код 123456, отправленный вашим банком для карты, оканчивающейся на {last4}.',
  code: 'Код подтверждения',
  confirm: 'Подтвердить',
  invalidTitle: 'Ссылка на оплату недействительна',
  invalidText: 'Вернитесь в панель и начните платёж заново.',
  expiredTitle: 'Срок действия страницы оплаты истёк',
  expiredText: 'Страница оплаты открыта в течение часа. Вернитесь в панель и начните платёж заново.',
  back: 'Вернуться в панель',
  unavailableTitle: 'Не удалось записать платёж',
  unavailableText: 'Деньги не списаны. Попробуйте ещё раз через минуту.',
};

const es: SandboxTexts = {
  lang: 'es',
  brand: 'Pasarela de pruebas',
  testMode: 'Modo de prueba, sin dinero real',
  payment: 'Pago',
  email: 'Correo electrónico',
  cardNumber: 'Número de tarjeta',
  expiry: 'Caducidad (MM/AA)',
  cvc: 'CVC',
  cardholder: 'Nombre en la tarjeta',
  pay: 'Pagar {amount}',
  cancel: 'Cancelar y volver',
  savesCard: 'La tarjeta se guardará para las recargas automáticas.',
  checkDetails: 'Revise los datos de la tarjeta.',
  retypeNumber: 'Por seguridad, el número de la tarjeta no se vuelve a mostrar: introduzca de nuevo la tarjeta que termina en {last4}.',
  testCards: 'Tarjetas de prueba',
  testCardsNote: 'Use cualquier fecha de caducidad futura y tres dígitos cualesquiera como CVC.',
  cardOutcomes: {
    succeeds: 'Se aprueba',
    declined: 'Se rechaza',
    insufficient_funds: 'Se rechaza: fondos insuficientes',
    challenge: 'El banco pide un código: 123456 confirma, cualquier otro falla',
    declines_later: 'Se aprueba; los cargos automáticos posteriores a la tarjeta guardada se rechazan',
    other: 'Cualquier otro número válido: se aprueba',
  },
  problems: {
    numberMissing: 'Introduzca el número de la tarjeta.',
    numberInvalid: 'El número de la tarjeta no es válido.',
    expiryInvalid: 'Introduzca la fecha de caducidad como MM/AA.',
    expired: 'La tarjeta ha caducado.',
    cvcInvalid: 'Introduzca los tres o cuatro dígitos del código de seguridad.',
    nameMissing: 'Introduzca el nombre que figura en la tarjeta.',
  },
  challengeTitle: 'Confirme el pago',
  challengeText: 'Introduzca el código 123456 que su banco envió para la tarjeta que termina en {last4}.',
  code: 'Código de confirmación',
  confirm: 'Confirmar',
  invalidTitle: 'Este enlace de pago no es válido',
  invalidText: 'Vuelva al panel e inicie el pago de nuevo.',
  expiredTitle: 'Esta página de pago ha caducado',
  expiredText: 'Una página de pago está abierta durante una hora. Vuelva al panel e inicie el pago de nuevo.',
  back: 'Volver al panel',
  unavailableTitle: 'No se pudo registrar el pago',
  unavailableText: 'No se ha cobrado nada. Inténtelo de nuevo dentro de un minuto.',
};

const de: SandboxTexts = {
  lang: 'de',
  brand: 'Test-Zahlungsdienst',
  testMode: 'Testmodus, kein echtes Geld',
  payment: 'Zahlung',
  email: 'E-Mail',
  cardNumber: 'Kartennummer',
  expiry: 'Gültig bis (MM/JJ)',
  cvc: 'CVC',
  cardholder: 'Name auf der Karte',
  pay: '{amount} zahlen',
  cancel: 'Abbrechen und zurück',
  savesCard: 'Die Karte wird für automatische Aufladungen gespeichert.',
  checkDetails: 'Bitte prüfen Sie die Kartendaten unten.',
  retypeNumber: 'Zu Ihrer Sicherheit wird die Kartennummer nicht erneut angezeigt: Geben Sie die Karte mit der Endung {last4} noch einmal ein.',
  testCards: 'Testkarten',
  testCardsNote: 'Verwenden Sie ein beliebiges künftiges Ablaufdatum und drei beliebige Ziffern als CVC.',
  cardOutcomes: {
    succeeds: 'Erfolgreich',
    declined: 'Abgelehnt',
    insufficient_funds: 'Abgelehnt: Deckung nicht ausreichend',
    challenge: 'Die Bank fragt nach einem Code: 123456 bestätigt, jeder andere scheitert',
    declines_later: 'Erfolgreich; spätere automatische Belastungen der gespeicherten Karte werden abgelehnt',
    other: 'Jede andere gültige Nummer: erfolgreich',
  },
  problems: {
    numberMissing: 'Geben Sie die Kartennummer ein.',
    numberInvalid: 'Diese Kartennummer ist ungültig.',
    expiryInvalid: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    expired: 'Diese Karte ist abgelaufen.',
    cvcInvalid: 'Geben Sie die drei oder vier Ziffern des Sicherheitscodes ein.',
    nameMissing: 'Geben Sie den Namen auf der Karte ein.',
  },
  challengeTitle: 'Zahlung bestätigen',
  challengeText: 'Geben Sie den Code 123456 ein, den Ihre Bank für die Karte mit der Endung {last4} gesendet hat.',
  code: 'Bestätigungscode',
  confirm: 'Bestätigen',
  invalidTitle: 'Dieser Zahlungslink ist ungültig',
  invalidText: 'Kehren Sie zum Panel zurück und beginnen Sie die Zahlung erneut.',
  expiredTitle: 'Diese Zahlungsseite ist abgelaufen',
  expiredText: 'Eine Zahlungsseite bleibt eine Stunde lang offen. Kehren Sie zum Panel zurück und beginnen Sie die Zahlung erneut.',
  back: 'Zurück zum Panel',
  unavailableTitle: 'Die Zahlung konnte nicht erfasst werden',
  unavailableText: 'Es wurde nichts abgebucht. Versuchen Sie es in einer Minute erneut.',
};

const jp: SandboxTexts = {
  lang: 'ja',
  brand: 'テスト決済ゲートウェイ',
  testMode: 'テストモード（実際のお金は動きません）',
  payment: 'お支払い',
  email: 'メールアドレス',
  cardNumber: 'カード番号',
  expiry: '有効期限（MM/YY）',
  cvc: 'セキュリティコード',
  cardholder: 'カード名義',
  pay: '{amount} を支払う',
  cancel: 'キャンセルして戻る',
  savesCard: 'このカードは自動チャージのために保存されます。',
  checkDetails: '以下のカード情報をご確認ください。',
  retypeNumber: '安全のため、カード番号は再表示されません。末尾 {last4} のカード番号をもう一度入力してください。',
  testCards: 'テストカード',
  testCardsNote: '有効期限は未来の任意の日付、セキュリティコードは任意の3桁を使用してください。',
  cardOutcomes: {
    succeeds: '成功',
    declined: '拒否',
    insufficient_funds: '拒否：残高不足',
    challenge: '銀行が確認コードを要求：123456 で承認、それ以外は失敗',
    declines_later: '成功。保存したカードへの以降の自動請求は拒否されます',
    other: 'その他の有効な番号：成功',
  },
  problems: {
    numberMissing: 'カード番号を入力してください。',
    numberInvalid: 'このカード番号は無効です。',
    expiryInvalid: '有効期限を MM/YY の形式で入力してください。',
    expired: 'このカードは有効期限が切れています。',
    cvcInvalid: 'セキュリティコード（3桁または4桁）を入力してください。',
    nameMissing: 'カード名義を入力してください。',
  },
  challengeTitle: 'お支払いの確認',
  challengeText: '末尾 {last4} のカードについて銀行から送信された確認コード 123456 を入力してください。',
  code: '確認コード',
  confirm: '確認',
  invalidTitle: 'この支払いリンクは無効です',
  invalidText: 'パネルに戻り、もう一度お支払いを開始してください。',
  expiredTitle: 'この支払いページは有効期限が切れました',
  expiredText: '支払いページの有効期間は1時間です。パネルに戻り、もう一度お支払いを開始してください。',
  back: 'パネルに戻る',
  unavailableTitle: 'お支払いを記録できませんでした',
  unavailableText: '請求は行われていません。1分後にもう一度お試しください。',
};

const BY_LOCALE: Record<string, SandboxTexts> = { en, ru, es, de, jp, ja: jp };

/** The texts of a panel locale ('en', 'ru', 'es', 'de', 'jp'); English for any other. */
export const sandboxTexts = (locale: string | undefined): SandboxTexts => (locale && Object.hasOwn(BY_LOCALE, locale) ? BY_LOCALE[locale] : en);

/** The texts of the first of the browser's languages the page speaks (for pages without a checkout to ask). */
export function textsOfAcceptLanguage(header: string | undefined): SandboxTexts {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().split('-')[0];
    if (tag && Object.hasOwn(BY_LOCALE, tag)) return BY_LOCALE[tag];
  }
  return en;
}

/** `text` with `{name}` replaced by the (already escaped) values. */
export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
