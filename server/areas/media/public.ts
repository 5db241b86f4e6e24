/** What the media area offers the other areas: the MediaFile answer of an upload (the ad form shows its files). */
export { mediaFileJson } from './mediaFile';
