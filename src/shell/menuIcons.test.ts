import { describe, expect, it } from 'vitest';
import { menuIcons } from './menuIcons';
import general from '../../schemas/menus/general.json';
import help from '../../schemas/menus/help.json';

describe('menuIcons', () => {
  it('has a component for every icon the menus name', () => {
    const named = [...general.entries, ...help.entries].map((e) => e.icon).filter(Boolean) as string[];
    expect(named.filter((n) => !menuIcons.has(n))).toEqual([]);
  });

  it('names the known icons on a miss', () => {
    expect(() => menuIcons.get('dashbord')).toThrow(/Unknown menu icon "dashbord"\. Registered: .*dashboard/);
  });
});
