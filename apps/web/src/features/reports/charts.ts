import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts a report draws, so the chunk holds bar and line charts and nothing else.
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export { init };
