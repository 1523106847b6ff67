import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PLATFORM_CONFIG, type PlatformConfig } from './platformConfig';

const platformSlice = createSlice({
  name: 'platform',
  initialState: { config: DEFAULT_PLATFORM_CONFIG },
  reducers: {
    platformConfigLoaded(state, action: PayloadAction<PlatformConfig>) {
      state.config = action.payload;
    },
  },
});

export const { platformConfigLoaded } = platformSlice.actions;
export const selectPlatformName = (state: { platform: { config: PlatformConfig } }) => state.platform.config.platformName;
export default platformSlice.reducer;
