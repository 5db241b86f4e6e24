/** Demo data of the embedded default: two networks that differ visibly, each with the same kinds of accounts. */

export const DEMO_PASSWORD = 'demo1234';

export interface DemoManager {
  networkId: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  telegram: string | null;
}

export interface DemoUser {
  networkId: string;
  email: string;
  name: string;
  role: 'advertiser' | 'support';
  status: 'confirmed' | 'unconfirmed';
  accountType: 'personal' | 'company';
  companyName: string | null;
  locale: 'en' | 'ru' | 'es' | 'de' | 'jp';
  /** Decimal string: money never passes through a float. */
  balance: string;
  managerEmail: string | null;
}

export const demoManagers: DemoManager[] = [
  {
    networkId: 'adnet',
    name: 'Anna Petrova',
    email: 'anna.petrova@adnet.test',
    avatarUrl: 'https://i.pravatar.cc/96?img=47',
    telegram: 'anna_adnet',
  },
  { networkId: 'pushhub', name: 'Marco Rossi', email: 'marco.rossi@pushhub.test', avatarUrl: null, telegram: null },
];

export const demoUsers: DemoUser[] = [
  {
    networkId: 'adnet',
    email: 'advertiser@adnet.test',
    name: 'Alex Morgan',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '1250.5000',
    managerEmail: 'anna.petrova@adnet.test',
  },
  {
    networkId: 'adnet',
    email: 'company@adnet.test',
    name: 'Maria Schmidt',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'company',
    companyName: 'Acme Media GmbH',
    locale: 'de',
    balance: '15420.7500',
    managerEmail: 'anna.petrova@adnet.test',
  },
  {
    networkId: 'adnet',
    email: 'support@adnet.test',
    name: 'AdNet Support',
    role: 'support',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '0.0000',
    managerEmail: null,
  },
  {
    networkId: 'pushhub',
    email: 'advertiser@pushhub.test',
    name: 'Ivan Sokolov',
    role: 'advertiser',
    status: 'unconfirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'ru',
    balance: '87.1200',
    managerEmail: 'marco.rossi@pushhub.test',
  },
  {
    networkId: 'pushhub',
    email: 'company@pushhub.test',
    name: 'Lena Kraus',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'company',
    companyName: 'Bright Apps Ltd',
    locale: 'en',
    balance: '3300.0000',
    managerEmail: 'marco.rossi@pushhub.test',
  },
  {
    networkId: 'pushhub',
    email: 'support@pushhub.test',
    name: 'PushHub Support',
    role: 'support',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '0.0000',
    managerEmail: null,
  },
];
