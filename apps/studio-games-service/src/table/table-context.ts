import { TableStepContext } from '@casino/table-kit/core';
import { StudioTableConfig } from '../config/studio-config';
import { StudioInput } from './studio-table.state';

export type TableContext = TableStepContext<StudioTableConfig, StudioInput>;
