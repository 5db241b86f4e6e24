import type { StorybookConfig } from '@storybook/react-vite';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, PluginOption } from 'vite';
import { AD_TAG_FRAME_CSP, AD_TAG_FRAME_HTML } from '../server/areas/media/serve.ts';
import { AD_TAG_FRAME_URL } from '../engine/media/adTagFrame.ts';
import { adFormatStories } from './adFormatStories.ts';
import { campaignFormStories } from './campaignStories.ts';
import { generatedStoriesIndexer, generatedStoriesPlugin } from './generatedStories.ts';
import { resourceStories } from './resourceStories.ts';
import { schemaCatalogStories } from './schemaStories.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Stories files whose stories are built from a list of ids (see generatedStories.ts). */
const generated = [schemaCatalogStories(root), adFormatStories(root), campaignFormStories(adFormatStories(root)), resourceStories(root)];

// Set before Storybook reads its environment, so not even the first run phones home.
process.env.STORYBOOK_DISABLE_TELEMETRY = '1';

/** Plugins of the app build that Storybook must not run (it brings its own HTML and entry points). */
const APP_ONLY_PLUGINS = [/^vite-plugin-pwa/, /^adpanel:/, /compression/i, /visualizer/i];

function keepPlugin(plugin: PluginOption): boolean {
  if (!plugin || typeof plugin !== 'object' || Array.isArray(plugin) || !('name' in plugin)) return true;
  return !APP_ONLY_PLUGINS.some((pattern) => pattern.test(String(plugin.name)));
}

/**
 * The ad tag preview page that the panel's server serves (server/routes/media-files), for stories of ad tags: the
 * same page and CSP under `storybook dev`, and the same file in the static build.
 */
function adTagFramePage(): Plugin {
  const fileName = AD_TAG_FRAME_URL.slice(1);
  return {
    name: 'storybook:ad-tag-frame',
    configureServer(server) {
      server.middlewares.use(AD_TAG_FRAME_URL, (_request, response) => {
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.setHeader('Content-Security-Policy', AD_TAG_FRAME_CSP);
        response.end(AD_TAG_FRAME_HTML);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: AD_TAG_FRAME_HTML });
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  // One story per schema of the catalog, per ad format folder and per resource manifest, built from their lists (see generatedStories.ts).
  experimental_indexers: async (existing) => [...generated.map(generatedStoriesIndexer), ...(existing ?? [])],
  async viteFinal(config) {
    // Storybook reuses vite.config.ts; drop what only the app build needs (dev proxy, app-only plugins).
    const plugins = [...(config.plugins ?? []).flat(Infinity as 1).filter((p) => keepPlugin(p as PluginOption)), generatedStoriesPlugin(generated), adTagFramePage()];
    return {
      ...config,
      plugins,
      server: { ...config.server, proxy: undefined },
      build: { ...config.build, chunkSizeWarningLimit: 2000 },
    };
  },
};

export default config;
