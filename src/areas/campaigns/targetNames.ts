import { useIntl } from 'react-intl';

/** A target's name in the reader's language (its title in the campaign form), by target id. */
export function useTargetName() {
  const intl = useIntl();
  return (id: string) => {
    const key = `schema.campaigns_campaign.targets.${id}.title`;
    return intl.messages[key] ? intl.formatMessage({ id: key }) : id;
  };
}
