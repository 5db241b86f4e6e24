import { Colors } from '@blueprintjs/core';

/** The traffic bars' colors in Blueprint's palette (won at the price, the rest available), light or dark. */
export function barColors(dark: boolean) {
  return { won: dark ? Colors.BLUE5 : Colors.BLUE3, rest: dark ? Colors.DARK_GRAY5 : Colors.LIGHT_GRAY1 };
}
