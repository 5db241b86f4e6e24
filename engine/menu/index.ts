export {
  MenuError,
  MenuModel,
  configValue,
  isHttpUrl,
  type BadgeGetter,
  type ExternalLink,
  type MenuDef,
  type MenuEntryDef,
  type MenuItem,
  type MenuModelOptions,
} from './MenuModel';
