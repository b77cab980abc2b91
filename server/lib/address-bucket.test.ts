import { describe, expect, it } from 'vitest'
import { addressBucketOf } from './address-bucket.ts'

describe('addressBucketOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucketOf('203.0.113.5')).toBe('203.0.113.5')
    expect(addressBucketOf('127.0.0.1')).toBe('127.0.0.1')
  })

  it('groups IPv6 addresses by their /64, whatever their spelling', () => {
    const bucket = '2001:db8:0:1::/64'
    expect(addressBucketOf('2001:0db8:0000:0001:0000:0000:0000:0001')).toBe(bucket)
    expect(addressBucketOf('2001:db8:0:1::1')).toBe(bucket)
    expect(addressBucketOf('2001:DB8:0:1:ffff:ffff:ffff:fffe')).toBe(bucket)
    expect(addressBucketOf('2001:db8::1:0:0:0:2')).toBe(bucket)
    expect(addressBucketOf('2001:db8:0:1:a:b:203.0.113.5')).toBe(bucket)
    expect(addressBucketOf('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64')
  })

  it('reads the edge forms: all zeros, loopback, a zone id, a compressed tail', () => {
    expect(addressBucketOf('::')).toBe('0:0:0:0::/64')
    expect(addressBucketOf('::1')).toBe('0:0:0:0::/64')
    expect(addressBucketOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressBucketOf('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64')
    expect(addressBucketOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
  })

  it('reads an IPv4-mapped IPv6 address as the IPv4 address, in either spelling', () => {
    expect(addressBucketOf('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(addressBucketOf('::FFFF:203.0.113.5')).toBe('203.0.113.5')
    expect(addressBucketOf('::ffff:cb00:7105')).toBe('203.0.113.5')
    expect(addressBucketOf('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5')
    // Not mapped: other prefixes before a dotted tail stay IPv6.
    expect(addressBucketOf('64:ff9b::203.0.113.5')).toBe('64:ff9b:0:0::/64')
    expect(addressBucketOf('::203.0.113.5')).toBe('0:0:0:0::/64')
  })

  it('returns anything that is not an address as it is', () => {
    expect(addressBucketOf('')).toBe('')
    expect(addressBucketOf('not-an-address')).toBe('not-an-address')
  })
})
