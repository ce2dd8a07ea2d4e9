import { TableStepContext } from '@casino/table-kit/core';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { BaccaratInput } from './baccarat-table.state';

export type TableContext = TableStepContext<BaccaratTableConfig, BaccaratInput>;
