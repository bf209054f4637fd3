import { useState } from 'react';
import { Button, Descriptions, Divider, Drawer, Spin, Typography } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { formatCount, formatDateTime } from '../../../lib/format';
import { cellStatsQuery } from '../api/cell-table';
import { CELL_IMPORT } from './codes';
import { CELL_RANGE_MAX } from './cell-csv';
import { CellImportPanel } from './CellImportPanel';
import { downloadCellSample } from './cell-sample';

/** How many cells the table holds and when it was last imported into. */
function CellStatsView() {
  const { t } = useTranslation();
  const stats = useQuery(cellStatsQuery());
  if (!stats.data) return <Spin spinning={stats.isPending} />;
  const { count, updatedAt } = stats.data;
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        {
          key: 'count',
          label: t('deviceMap.cells.fields.count'),
          children: (
            <span data-testid="cell-table-count" data-count={count}>
              {formatCount(count)}
            </span>
          ),
        },
        {
          key: 'updatedAt',
          label: t('deviceMap.cells.fields.updatedAt'),
          children: updatedAt ? formatDateTime(updatedAt) : t('deviceMap.cells.never'),
        },
      ]}
    />
  );
}

/**
 * The "Cell table" button and its drawer (operators holding herald.op.cell.query). The drawer is
 * kept mounted when closed so that an import goes on, and can be watched again, after closing it.
 */
export function CellTableButton() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DatabaseOutlined />} onClick={() => setOpen(true)} data-testid="cell-table-open">
        {t('deviceMap.actions.cellTable')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('deviceMap.cells.title')} width={560}>
        <div data-testid="cell-table-drawer">
          <Typography.Paragraph type="secondary">{t('deviceMap.cells.intro')}</Typography.Paragraph>
          <CellStatsView />
          <Divider />
          <Typography.Paragraph>
            {t('deviceMap.cells.formats', { max: formatCount(CELL_RANGE_MAX) })}{' '}
            <Typography.Link onClick={downloadCellSample} data-testid="cell-table-sample">
              {t('deviceMap.actions.downloadSample')}
            </Typography.Link>
          </Typography.Paragraph>
          {can(CELL_IMPORT) && <CellImportPanel />}
        </div>
      </Drawer>
    </>
  );
}
