/**
 * The network's side of a document, from its config: its name, logo and colour, its currency, and its company and
 * bank (`payments.seller`). The logo is read only from the network's own assets folder.
 */
import { join } from 'node:path';
import type { NetworkConfig } from '../config/networkConfig';
import { paths } from '../paths';
import type { DocumentNetwork, SellerParty } from './types';

/** A `/network-assets/...` path of the config as the file it serves (undefined for anything else). */
function assetFile(path: string | undefined): string | undefined {
  if (!path?.startsWith('/network-assets/') || path.includes('..')) return undefined;
  return join(paths.networkAssets, path.slice('/network-assets/'.length));
}

/** The network as documents brand themselves with it. */
export function documentNetwork(network: NetworkConfig): DocumentNetwork {
  const payments = network.settings.payments;
  return {
    name: network.name,
    logo: assetFile(network.settings.images?.logo),
    primaryColor: network.settings.themes?.light?.primary ?? '#2D72D2',
    currencyCode: payments?.currency ?? 'USD',
    currencySign: payments?.showCurrencySign === false ? '' : (payments?.currencySign ?? '$'),
  };
}

/** The network's company as the issuer of a document (its name alone when the config names no company). */
export function documentSeller(network: NetworkConfig): SellerParty {
  const seller = network.settings.payments?.seller;
  if (!seller) return { name: network.name, addressLines: [] };
  return {
    name: seller.name,
    addressLines: seller.address,
    ...(seller.vat ? { vatId: seller.vat } : {}),
    bank: { bankName: seller.bank.name, account: seller.bank.account, ...(seller.bank.swift ? { swift: seller.bank.swift } : {}) },
  };
}
