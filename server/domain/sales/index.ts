/** Sales rules and calls: importing this module registers them (server/domain/registry.ts). */
import './leads';
import './proposals';
import './agreements';
import './documents';
import './subscription-qa';
