import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '../src/styles.css';
import { Classes } from '@blueprintjs/core';
import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  globalTypes: {
    theme: {
      description: 'Blueprint light or dark theme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      const dark = context.globals.theme === 'dark';
      return (
        <div className={dark ? Classes.DARK : undefined} style={{ padding: 16, minHeight: 420, background: dark ? '#252a31' : undefined }}>
          <Story />
        </div>
      );
    },
  ],
};

export default preview;
