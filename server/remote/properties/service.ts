import { propertySetResult, type PropertySetData } from '@shared/dji/properties';
import { ServiceError } from '../../mqtt/gateway/service';
import type { DeviceExchange } from '../exchange';

/** property/set's results besides 0 (ok) that are not DJI error codes: 1 failed, 2 timed out (spec §9). */
const SET_TIMEOUT = 2;

/**
 * Property set (spec dji-cloud-api-next §9): one message on `thing/product/{gateway}/property/set`, its nested
 * `property/set_reply` read at the property's (or the struct field's) own `result`.
 */
export class DeviceProperties {
  constructor(
    private readonly exchange: DeviceExchange,
    private readonly options: { replyTimeoutMs: number },
  ) {}

  /** Sends one property (or struct field) to the gateway; resolves when it was applied, rejects with its result. */
  async set(gatewaySn: string, data: PropertySetData): Promise<void> {
    const reply = await this.exchange.send(gatewaySn, 'property/set', undefined, data, this.options.replyTimeoutMs);
    const result = propertySetResult(reply, data);
    if (result === null) throw new Error(`property/set_reply without a result: ${JSON.stringify(reply).slice(0, 200)}`);
    if (result === SET_TIMEOUT) throw new ServiceError('the device timed out setting the property', 'timeout');
    if (result !== 0) throw new ServiceError(`property/set failed with result ${result}`, result);
  }
}
