import { describe, expect, it } from 'vitest';
import { permissionsForSide } from '@herald/contract';
import { HELP_TOPICS, ROUTES_BY_NAME, pageOf, reachableRoutes, topicForRoute, visibleTopics } from './topics';

const ids = (held: string[], side: 'op' | 'ac') => visibleTopics(reachableRoutes(new Set(held), side)).map((t) => t.id);
const topic = (id: string) => HELP_TOPICS.find((t) => t.id === id)!;

describe('help topics', () => {
  it('name only routes that exist', () => {
    const unknown = HELP_TOPICS.flatMap((t) => t.routes.filter((r) => !ROUTES_BY_NAME.has(r)));
    expect(unknown).toEqual([]);
    expect(new Set(HELP_TOPICS.map((t) => t.id)).size).toBe(HELP_TOPICS.length);
  });

  it("find a page's article: its own, else its list's, else none", () => {
    expect(topicForRoute('deviceList')).toBe('devices');
    expect(topicForRoute('deviceList.detail')).toBe('devices');
    // the device list's location page has an article of its own
    expect(topicForRoute('deviceList.gsDetail')).toBe('deviceMap');
    expect(topicForRoute('geoFence.edit')).toBe('deviceMap');
    expect(topicForRoute('task.detail')).toBe('ota');
    expect(topicForRoute('msg.list')).toBe('alarmsAndMessages');
    expect(topicForRoute('home')).toBe('gettingStarted');
    // general requests belong to two articles: the first listed wins
    expect(topicForRoute('general')).toBe('records');
    expect(topicForRoute('speakTest')).toBeUndefined();
    expect(topicForRoute('help')).toBeUndefined();
    expect(topicForRoute(undefined)).toBeUndefined();
  });

  it('show an article to users who can reach one of its pages, and the ones without pages to all', () => {
    // an account user who may only open print templates
    const clerk = ids(['herald.dev.template', 'herald.dev.template.query'], 'ac');
    expect(clerk).toEqual(['gettingStarted', 'templates', 'alarmsAndMessages', 'faq']);
    expect(clerk).not.toContain('devices');
    // the account administrator sees every article; operators have no template or business pages
    expect(ids(permissionsForSide('ac'), 'ac')).toEqual(HELP_TOPICS.map((t) => t.id));
    expect(ids(permissionsForSide('op'), 'op')).toEqual(
      HELP_TOPICS.map((t) => t.id).filter((id) => id !== 'templates'),
    );
  });

  it('lead to the first related page the user can reach and open without an id', () => {
    const ac = reachableRoutes(new Set(permissionsForSide('ac')), 'ac');
    const op = reachableRoutes(new Set(permissionsForSide('op')), 'op');
    expect(pageOf(topic('openApi'), ac)?.path).toBe('/system/api');
    // API settings are an account's page: operators are sent to the general requests
    expect(pageOf(topic('openApi'), op)?.path).toBe('/business-record/general');
    expect(pageOf(topic('alarmsAndMessages'), ac)?.path).toBe('/device/list/silence-list');
    expect(pageOf(topic('alarmsAndMessages'), new Set(['msg.list']))?.path).toBe('/msg/list');
    // a device's location page needs a device: the map article leads to the map
    expect(pageOf(topic('deviceMap'), new Set(['deviceList.gsDetail', 'geoFence']))?.path).toBe('/geo-fence/list');
    expect(pageOf(topic('deviceMap'), new Set(['deviceList.gsDetail']))).toBeUndefined();
    expect(pageOf(topic('faq'), ac)).toBeUndefined();
  });
});
