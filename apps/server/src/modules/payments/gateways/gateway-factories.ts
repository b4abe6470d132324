import type { GatewayFactory } from './gateway-provider';
import { billplzGateway } from './billplz/billplz-provider';
import { stripeGateway } from './stripe/stripe-gateway';

/** The gateways the server has providers for (contract: gatewayProviders). */
export const gatewayFactories: readonly GatewayFactory[] = [billplzGateway, stripeGateway];
