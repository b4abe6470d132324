import type { GatewayFactory } from './gateway-provider';
import { billplzGateway } from './billplz/billplz-provider';
import { fiuuGateway } from './fiuu/fiuu-gateway';
import { ipay88Gateway } from './ipay88/ipay88-gateway';
import { stripeGateway } from './stripe/stripe-gateway';

/** The gateways the server has providers for (contract: gatewayProviders). */
export const gatewayFactories: readonly GatewayFactory[] = [
  billplzGateway,
  stripeGateway,
  ipay88Gateway,
  fiuuGateway,
];
