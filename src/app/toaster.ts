import { OverlayToaster, Position } from '@blueprintjs/core';

/** The app's one toaster, created on first use (this module is loaded lazily by toast.ts). */
export const createToaster = () => OverlayToaster.create({ position: Position.TOP });
