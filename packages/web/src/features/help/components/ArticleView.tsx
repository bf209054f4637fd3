import { Button, Card, Table, Typography } from 'antd';
import { ArrowRightOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openExternal } from '../../../lib/external-link';
import type { ArticleText, Block } from './article-text';
import type { HelpTopic, KnownRoute } from './topics';

type Row = { key: number; cells: readonly string[] };

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') return <Typography.Paragraph>{block}</Typography.Paragraph>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    );
  const [head = [], ...rows] = block.table;
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      style={{ marginBottom: 16 }}
      columns={head.map((title, i) => ({ key: i, title, render: (_, row) => row.cells[i] }))}
      dataSource={rows.map((cells, key): Row => ({ key, cells }))}
    />
  );
}

/** One article: its sections, the page it is about and, for the open API, the server's reference. */
export function ArticleView({
  topic,
  text,
  page,
}: {
  topic: HelpTopic;
  text: ArticleText;
  page: KnownRoute | undefined;
}) {
  const { t } = useTranslation();
  const { docsPath } = topic;
  return (
    <Card
      title={text.title}
      data-testid="help-article"
      data-topic={topic.id}
      extra={
        page && (
          <Link to={page.path} data-testid="help-go-to">
            {t('help.goTo', { page: t(page.titleKey) })} <ArrowRightOutlined />
          </Link>
        )
      }
    >
      <Typography.Paragraph type="secondary">{text.summary}</Typography.Paragraph>
      {text.sections.map((s) => (
        <section key={s.heading}>
          <Typography.Title level={5}>{s.heading}</Typography.Title>
          {s.blocks.map((b, i) => (
            <BlockView key={i} block={b} />
          ))}
        </section>
      ))}
      {docsPath && (
        <Button
          icon={<ExportOutlined />}
          data-testid="help-openapi-link"
          onClick={() => openExternal(`${window.location.origin}${docsPath}`)}
        >
          {t('help.openApiDocs')}
        </Button>
      )}
    </Card>
  );
}
