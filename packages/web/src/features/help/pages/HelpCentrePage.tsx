import { useContext, useMemo, useState } from 'react';
import { Card, Col, Empty, Input, List, Row } from 'antd';
import { resolveLocale, type Locale } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PermissionContext } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { articles as enUS } from '../articles/en_US';
import { articles as zhCN } from '../articles/zh_CN';
import { ArticleView } from '../components/ArticleView';
import { matchesQuery, searchableText, type HelpTexts } from '../components/article-text';
import { pageOf, reachableRoutes, visibleTopics } from '../components/topics';

const TEXTS: Record<Locale, HelpTexts> = { en_US: enUS, zh_CN: zhCN };

/**
 * /help: the articles the user's pages call for, searchable in the interface language, and the
 * chosen one (`?topic=<id>`, so it can be linked; the first article without one).
 */
export function HelpCentrePage() {
  const { t, i18n } = useTranslation();
  const held = useContext(PermissionContext);
  const { side } = useSession();
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');

  const texts = TEXTS[resolveLocale(i18n.language)];
  const reachable = useMemo(() => reachableRoutes(held, side), [held, side]);
  const topics = useMemo(() => visibleTopics(reachable), [reachable]);
  const searchable = useMemo(() => new Map(topics.map((tp) => [tp.id, searchableText(texts[tp.id])])), [topics, texts]);
  const found = topics.filter((tp) => matchesQuery(searchable.get(tp.id)!, query));
  const selected = topics.find((tp) => tp.id === params.get('topic')) ?? topics[0]!;

  return (
    <Row gutter={[16, 16]} data-testid="help-centre">
      <Col xs={24} lg={8}>
        <Card>
          <Input.Search
            allowClear
            placeholder={t('help.search')}
            onChange={(e) => setQuery(e.target.value)}
            onSearch={setQuery}
            data-testid="help-search"
          />
          <List
            data-testid="help-article-list"
            dataSource={found}
            locale={{
              emptyText: (
                <div data-testid="help-no-match">
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('help.noMatch')} />
                </div>
              ),
            }}
            renderItem={(tp) => (
              <List.Item
                data-testid={`help-topic-${tp.id}`}
                style={{ paddingInline: 8, background: tp.id === selected.id ? '#e6f4ff' : undefined }}
              >
                <List.Item.Meta
                  title={<Link to={`?topic=${tp.id}`}>{texts[tp.id].title}</Link>}
                  description={texts[tp.id].summary}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <ArticleView topic={selected} text={texts[selected.id]} page={pageOf(selected, reachable)} />
      </Col>
    </Row>
  );
}
