import type { GatewayFactory } from './gateway-provider';
import { billplzGateway } from './billplz/billplz-provider';

/** The gateways the server has providers for (contract: gatewayProviders). */
export const gatewayFactories: readonly GatewayFactory[] = [billplzGateway];
