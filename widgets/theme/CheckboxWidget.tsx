import { Checkbox } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { booleanControlProps } from './booleanProps';

/** A boolean as a Blueprint Checkbox with its label beside the box. */
export function CheckboxWidget(props: WidgetProps) {
  return <Checkbox {...booleanControlProps(props)} />;
}
