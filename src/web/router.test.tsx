import { describe, expect, it } from 'vitest'
import { APP_ROUTES } from '../contract/app-routes'
import { routes } from './router'

const pathsOf = (list: typeof routes, parent = ''): string[] =>
  list.flatMap((route) => {
    const path = route.index
      ? parent || '/'
      : `${parent.replace(/\/$/, '')}/${route.path ?? ''}`.replace(/^\/\//, '/')
    const own = route.path === '*' ? [] : [route.index ? path : path.replace(/(.)\/$/, '$1')]
    return [...(route.children ? [] : own), ...(route.children ? pathsOf(route.children, path) : [])]
  })

describe('the router', () => {
  it('declares exactly the pages the server knows, so an unknown address is a 404 on both', () => {
    expect(new Set(pathsOf(routes))).toEqual(new Set(APP_ROUTES))
  })
})
