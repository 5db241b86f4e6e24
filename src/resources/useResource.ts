import { useCallback, useContext, useMemo } from 'react';
import { useLoader } from '../../engine/state/useLoader';
import { useIntl } from 'react-intl';
import type { Resource, ResourceManifest } from '../../engine/resource/manifest';
import { useRouteMeta } from '../app/routeMeta';
import { textOr, type TextValues } from '../i18n/textOr';
import { loadResource, ResourceRegistryContext, resourceTextId, type ResourceSource } from './registry';

const loading = new WeakMap<ResourceSource, Promise<Resource>>();

/** The resource of the route being shown, its column set loaded; `error` when it could not load. */
export function useRouteResource(): { resource: Resource | null; error: unknown } {
  const id = useRouteMeta()?.resource;
  const registry = useContext(ResourceRegistryContext);
  const source = id ? registry.get(id) : undefined;
  return useLoadedResource(source);
}

/** A resource with its column set loaded (once per resource for the whole session). */
export function useLoadedResource(source: ResourceSource | undefined): { resource: Resource | null; error: unknown } {
  const load = useCallback(() => {
    let pending = loading.get(source!);
    if (!pending) {
      pending = loadResource(source!);
      loading.set(source!, pending);
      pending.catch(() => loading.delete(source!));
    }
    return pending;
  }, [source]);
  const { data, error } = useLoader(source ? load : null);
  return { resource: data, error: source ? error : new Error('This page has no resource') };
}

/** A resource's texts in the user's language: `t('texts.empty', english)` reads `resource.<id>.texts.empty`. */
export function useResourceText(manifest: Pick<ResourceManifest, 'id'>) {
  const intl = useIntl();
  return useMemo(() => (path: string, english: string, values?: TextValues) => textOr(intl, resourceTextId(manifest, path), english, values), [intl, manifest]);
}
