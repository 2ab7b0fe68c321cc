import { useEffect, useRef } from 'react';
import { formatMoney, type Currency, type ReportDeclaration, type ReportRowDto } from '@casebook/domain';

type Props = {
  report: ReportDeclaration;
  rows: readonly ReportRowDto[];
  currency: Currency;
  /** A bar or point was clicked: the row's index. */
  onPick: (index: number) => void;
};

// The chart library is loaded with the first report screen only (its own chunk), with just the parts a report draws.
const loadCharts = () => import('./charts');

/**
 * A report's rows as a chart: one series per measure. When a report has amounts of money the chart shows
 * those (counts beside dollars would be flattened); otherwise its counts.
 */
export function ReportChart({ report, rows, currency, onPick }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const resize = () => chart?.resize();
    void loadCharts().then((echarts) => {
      if (disposed || !host.current) return;
      const moneyMeasures = report.measures.filter((m) => m.kind === 'money');
      const measures = moneyMeasures.length > 0 ? moneyMeasures : report.measures;
      const isMoney = moneyMeasures.length > 0;
      const format = (value: unknown) => (isMoney ? formatMoney(Number(value), currency) : String(value));
      const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
      instance.setOption({
        animation: false,
        grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
        legend: { top: 0 },
        tooltip: { trigger: 'axis', valueFormatter: format },
        xAxis: {
          type: 'category',
          data: rows.map((r) => r.label),
          axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0, width: 140, overflow: 'truncate' },
        },
        yAxis: { type: 'value', axisLabel: { formatter: format }, minInterval: isMoney ? 100 : 1 },
        series: measures.map((m) => ({
          name: m.label,
          type: report.chart,
          data: rows.map((r) => r.values[m.key] ?? 0),
          cursor: 'pointer',
        })),
      });
      instance.on('click', (e: { dataIndex?: number }) => {
        if (typeof e.dataIndex === 'number') pick.current(e.dataIndex);
      });
      chart = instance;
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [report, rows, currency]);

  return (
    <div ref={host} className="report-chart" role="img" aria-label={`${report.title} chart`} style={{ height: 320 }} />
  );
}
