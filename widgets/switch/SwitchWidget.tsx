import { Switch } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { booleanControlProps } from '../theme/booleanProps';

/**
 * `ui:widget: switch`: a boolean as a Blueprint Switch with the field's title beside it (on/off settings such as a
 * creative's "Active"); the field template leaves the label to it, as for a checkbox.
 */
export function SwitchWidget(props: WidgetProps) {
  // Announced as on/off rather than checked/unchecked.
  return <Switch role="switch" {...booleanControlProps(props)} />;
}
