import crypto from 'node:crypto';
import os from 'node:os';

/**
 * This process among the instances sharing a database: its host and PID, and a random part so that a PID reused
 * after a restart is another instance. Written where an instance's work is recorded (a lease, a measurement).
 */
export const INSTANCE = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
