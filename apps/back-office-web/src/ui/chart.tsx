import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { useEffect, useRef } from 'react';

// No animation: staff read figures, and a screenshot shows the chart as it is. Only the parts the dashboard draws (a third of the full bundle).
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** An Apache ECharts chart in a div: created once, its option replaced on each change, resized with the window. */
export function Chart({
  option,
  height = 260,
  label,
}: {
  option: EChartsOption;
  height?: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.EChartsType | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, 'dark', { renderer: 'canvas' });
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(
      { backgroundColor: 'transparent', animation: false, ...option },
      { notMerge: true },
    );
  }, [option]);
  return <div ref={ref} className="chart" role="img" aria-label={label} style={{ height }} />;
}
