import type { MobileApp } from '../reference/mobileApps';
import { SeededRandom } from './seededRandom';

/**
 * The demo network's mobile apps (the mobile-app target's lookup): about 600 generated apps with realistic names and bundle ids. Draw n
 * comes from its own seed (`app:<n>`) and gives one app, or two when it is in both stores (an iOS twin shares
 * the name and has its own bundle id, as in the stores); ids count up in that order. Ids are saved in campaign
 * targets: never renumber, never edit the word lists in place (append, or raise APP_COUNT).
 */

export const APP_COUNT = 600;

/** Store categories with the words their app names are made of: [first words, second words, extras]. */
const CATEGORIES: readonly (readonly [string, readonly string[], readonly string[], readonly string[]])[] = [
  ['Puzzle', ['Block', 'Jewel', 'Word', 'Tile', 'Bubble', 'Candy', 'Sudoku', 'Mahjong', 'Brain', 'Cube', 'Color', 'Gem'], ['Puzzle', 'Blast', 'Crush', 'Master', 'Quest', 'Mania', 'Saga', 'Connect', 'Swap', 'Match'], [' 3D', ' Classic', ': Offline', ' Deluxe', ' 2']],
  ['Arcade', ['Pixel', 'Neon', 'Sky', 'Rocket', 'Ninja', 'Zombie', 'Galaxy', 'Tiny', 'Jumpy', 'Retro'], ['Runner', 'Dash', 'Shooter', 'Jump', 'Rush', 'Attack', 'Hero', 'Invaders', 'Blaster'], [' 3D', ' HD', ' Arcade', ' 2']],
  ['Racing', ['Turbo', 'Drift', 'Street', 'Highway', 'Moto', 'Rally', 'Nitro', 'Extreme'], ['Racer', 'Racing', 'Drive', 'Cars', 'Legends', 'Rivals', 'Kings'], [' 3D', ' 2024', ' Online', ' Pro']],
  ['Strategy', ['Empire', 'Kingdom', 'Castle', 'Clan', 'War', 'Tower', 'Dragon', 'Age of'], ['Wars', 'Defense', 'Conquest', 'Legends', 'Builder', 'Heroes', 'Siege'], [': Battle', ' Online', ' TD', ' Origins']],
  ['Casino', ['Lucky', 'Royal', 'Vegas', 'Golden', 'Jackpot', 'Diamond', 'Mega'], ['Slots', 'Poker', 'Blackjack', 'Casino', 'Roulette', 'Bingo', 'Spin'], [' Free', ': Slot Machines', ' Club', ' Party']],
  ['Card', ['Solitaire', 'Spider', 'FreeCell', 'Rummy', 'Hearts', 'Spades', 'Klondike'], ['Classic', 'Card Game', 'Collection', 'Journey', 'Deluxe'], [' Free', ' Offline', ' Pro']],
  ['Photo & Video', ['Photo', 'Video', 'Selfie', 'Collage', 'Snap', 'Insta', 'Clip', 'Beauty'], ['Editor', 'Maker', 'Camera', 'Filters', 'Studio', 'Cut', 'Lab', 'Frames'], [' Pro', ' - Photo Editor', ' HD', ' Plus']],
  ['Tools', ['Super', 'Smart', 'Fast', 'Easy', 'Clean', 'Secure', 'Turbo', 'Simple', 'Power'], ['VPN', 'Cleaner', 'Flashlight', 'QR Scanner', 'Battery Saver', 'File Manager', 'Keyboard', 'Launcher', 'Booster', 'Browser'], [' Pro', ' Lite', ' - Fast & Secure', ' Plus', ' 2']],
  ['Productivity', ['Daily', 'Smart', 'Easy', 'Quick', 'My', 'Pocket', 'Simple'], ['Notes', 'Planner', 'To-Do', 'Calendar', 'Scanner', 'PDF Reader', 'Reminder', 'Docs'], [' Pro', ' & Lists', ' Plus', ' Lite']],
  ['Music & Audio', ['Music', 'MP3', 'Radio', 'Podcast', 'Sound', 'Bass', 'Beat', 'Ringtone'], ['Player', 'Tuner', 'Booster', 'Maker', 'Equalizer', 'Box', 'Stream'], [' Pro', ' Offline', ' FM', ' Plus']],
  ['Social', ['Chat', 'Meet', 'Friends', 'Hello', 'Local', 'Buzz', 'Talk'], ['Hub', 'Now', 'Space', 'Circle', 'Up', 'Live'], ['', ' - Meet New People', ' Live']],
  ['Dating', ['Date', 'Love', 'Match', 'Flirt', 'Heart', 'Single'], ['Finder', 'Me', 'Chat', 'Mate', 'Spark', 'Link'], [' - Dating App', ': Meet Singles', '']],
  ['Health & Fitness', ['Home', 'Fit', 'Step', 'Yoga', 'Run', 'Keto', 'Water', 'Sleep'], ['Workout', 'Tracker', 'Coach', 'Counter', 'Daily', 'Diet', 'Reminder'], [' - No Equipment', ' Pro', ' & Fitness', '']],
  ['Finance', ['Money', 'Budget', 'Crypto', 'Coin', 'Stock', 'Pocket', 'Smart'], ['Manager', 'Wallet', 'Tracker', 'Trader', 'Bank', 'Invest', 'Expense'], [' Pro', ': Bitcoin & ETH', ' Plus', '']],
  ['Shopping', ['Deal', 'Shop', 'Coupon', 'Price', 'Flash', 'Cash'], ['Finder', 'Hunter', 'Club', 'Sales', 'Back', 'Mall'], [' - Coupons & Deals', '', ' Plus']],
  ['Travel & Local', ['Trip', 'Go', 'Hotel', 'Flight', 'City', 'Map', 'Taxi'], ['Planner', 'Finder', 'Guide', 'Booking', 'Navigator', 'Go'], [' - Cheap Flights', ' Offline', '']],
  ['News & Magazines', ['Daily', 'World', 'Breaking', 'Local', 'Top', 'Smart'], ['News', 'Headlines', 'Digest', 'Brief', 'Times'], [' - Latest News', ' 24', '']],
  ['Weather', ['Weather', 'Storm', 'Sky', 'Rain', 'Sun', 'Live'], ['Forecast', 'Radar', 'Live', 'Now', 'Alerts', 'Widget'], [' & Radar', ' Pro', ' - Accurate Forecast', '']],
  ['Education', ['Learn', 'Easy', 'Kids', 'Math', 'Word', 'English'], ['Languages', 'Spanish', 'Math', 'ABC', 'Quiz', 'Vocabulary', 'Tutor'], [' for Kids', ' - Learn Fast', ' Pro', '']],
  ['Entertainment', ['Movie', 'TV', 'Anime', 'Stream', 'Fun', 'Meme', 'Cartoon'], ['Box', 'Guide', 'Hub', 'Tube', 'Clips', 'Zone'], [' HD', ' Free', ' Plus', '']],
];
const DEVELOPERS = [
  'appcraft', 'pixelforge', 'bluewhale', 'gamehive', 'nordicsoft', 'sunrisegames', 'tapstudio', 'mobirise', 'brightapps', 'cloudnine',
  'redpanda', 'greenleaf', 'ironcat', 'lemonlabs', 'moonbyte', 'orangejuice', 'peakmobile', 'quickbit', 'rivergames', 'silverline',
  'topfreeapps', 'urbanbytes', 'vividsoft', 'wildcard', 'yellowbird', 'zenmobile', 'alphaplay', 'betterme', 'coolgames', 'dreamteam',
];

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
const camel = (name: string) => name.replace(/[^A-Za-z0-9 ]+/g, ' ').split(/\s+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

function drawName(rng: SeededRandom, [, first, second, extras]: (typeof CATEGORIES)[number]): string {
  const base = `${rng.pick(first)} ${rng.pick(second)}`;
  return rng.chance(0.45) ? base + rng.pick(extras) : base;
}

/** The demo network's `APP_COUNT` apps, ids from 1, the same on every run. */
export function generateMobileApps(): MobileApp[] {
  const list: MobileApp[] = [];
  const names = new Set<string>();
  const bundles = new Set<string>();
  for (let n = 0; list.length < APP_COUNT; n++) {
    const rng = new SeededRandom(`app:${n}`);
    const category = rng.pick(CATEGORIES);
    let name = drawName(rng, category);
    for (let attempt = 1; names.has(name); attempt++) name = drawName(new SeededRandom(`app:${n}:${attempt}`), category);
    names.add(name);
    const developer = rng.pick(DEVELOPERS);
    const android = `com.${developer}.${slug(name)}`;
    const ios = `com.${developer}.${camel(name)}`;
    // Most apps are on Android only or on both stores; some are iOS only.
    const stores: MobileApp['platform'][] = rng.weighted([[['android'], 50], [['android', 'ios'], 30], [['ios'], 20]] as const).slice();
    for (const platform of stores) {
      if (list.length >= APP_COUNT) break;
      const bundle = platform === 'android' ? android : ios;
      if (bundles.has(bundle)) continue;
      bundles.add(bundle);
      list.push({ id: list.length + 1, name, bundle, platform, category: category[0] });
    }
  }
  return list;
}
