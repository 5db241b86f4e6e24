import { useIntl } from 'react-intl';

/**
 * A field path of an ad form (`creatives.1.title`) as a person reads it: "Creative 2 · Title", with the field's
 * translated title from the form's schema texts (`schema.<schemaId>.creatives[].title.title`).
 */
export function useFieldLabel(schemaId: string) {
  const intl = useIntl();
  return (path: string) => {
    const labels: string[] = [];
    const keys: string[] = [];
    for (const part of path.split('.')) {
      if (/^\d+$/.test(part)) {
        labels.push(intl.formatMessage({ id: 'adForm.creativeNumber' }, { n: Number(part) + 1 }));
        keys[keys.length - 1] += '[]';
      } else keys.push(part);
    }
    const id = `schema.${schemaId}.${keys.join('.')}.title`;
    labels.push(intl.messages[id] ? intl.formatMessage({ id }) : (keys.at(-1) ?? path));
    return labels.join(' · ');
  };
}
