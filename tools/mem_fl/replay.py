import bisect,sys
MIB=1<<20
class Pool:
    """PyTorch 2.1 CUDACachingAllocator large pool: best fit, split if >1 MiB left, 20 MiB segment under 10 MiB,
    else round up to 2 MiB; merge inside a segment; on a failed cudaMalloc (reserved+size>cap) release every
    whole free segment (release_cached_blocks) and retry."""
    def __init__(s,cap=1<<60):
        s.free=[]; s.blocks={}; s.ends={}; s.segsize={}; s.next=0; s.reserved=0; s.peak=0; s.live=0; s.livepeak=0; s.cap=cap; s.flushes=0
    def _put(s,a,size,fr,seg):
        s.blocks[a]=[size,fr,seg]; s.ends[a+size]=a
        if fr: bisect.insort(s.free,(size,a))
    def _take(s,a):
        size,fr,seg=s.blocks.pop(a); del s.ends[a+size]
        if fr: s.free.pop(bisect.bisect_left(s.free,(size,a)))
        return size,fr,seg
    def alloc(s,n):
        n=-(-n//512)*512
        if n<=MIB: return None
        i=bisect.bisect_left(s.free,(n,0))
        if i<len(s.free):
            size,addr=s.free[i]; _,_,seg=s._take(addr)
        else:
            size=20*MIB if n<10*MIB else -(-n//(2*MIB))*2*MIB
            if s.reserved+size>s.cap:
                for a,sz in list(s.segsize.items()):
                    b=s.blocks.get(a)
                    if b and b[1] and b[0]==sz:
                        s._take(a); del s.segsize[a]; s.reserved-=sz
                s.flushes+=1
            addr=s.next; s.next+=size+(1<<44); seg=addr; s.segsize[addr]=size; s.reserved+=size; s.peak=max(s.peak,s.reserved)
        if size-n>MIB:
            s._put(addr+n,size-n,True,seg); used=n
        else: used=size
        s._put(addr,used,False,seg); s.live+=used; s.livepeak=max(s.livepeak,s.live)
        return addr
    def release(s,addr):
        if addr is None: return
        size,_,seg=s._take(addr); s.live-=size
        nb=s.blocks.get(addr+size)
        if nb and nb[1] and nb[2]==seg:
            size+=s._take(addr+size)[0]
        p=s.ends.get(addr)
        if p is not None and s.blocks[p][1] and s.blocks[p][2]==seg:
            size+=s._take(p)[0]; addr=p
        s._put(addr,size,True,seg)

def prefill(p,b,T,layers=32,H=4096,KVH=4096,I=11008,heads=32,vocab=32000,keep=True):
    h=b*T*H*2; kv=b*T*KVH*2; i=b*T*I*2; sc=b*heads*T*T*2
    x=p.alloc(h); cache=[]
    for l in range(layers):
        n32=p.alloc(2*h); n=p.alloc(h); p.release(n32)
        q=p.alloc(h);k=p.alloc(kv);v=p.alloc(kv); p.release(n)
        q2=p.alloc(h);p.release(q);k2=p.alloc(kv);p.release(k)
        s=p.alloc(sc); s32=p.alloc(2*sc); p.release(s); s16=p.alloc(sc); p.release(s32)
        o=p.alloc(h); p.release(s16); p.release(q2)
        o2=p.alloc(h); p.release(o)
        x2=p.alloc(h); p.release(o2); p.release(x); x=x2
        n=p.alloc(h)
        g=p.alloc(i);u=p.alloc(i);a=p.alloc(i);p.release(g);m=p.alloc(i);p.release(a);p.release(u)
        d=p.alloc(h);p.release(m);p.release(n)
        x2=p.alloc(h);p.release(d);p.release(x);x=x2
        if keep: cache.append((k2,v))
        else: p.release(k2);p.release(v)
    lg=p.alloc(b*T*vocab*2); lg32=p.alloc(b*T*vocab*4); p.release(lg); p.release(x)
    return cache,lg32

def gen(p,b,prompt,new,dims):
    cache,lg=prefill(p,b,prompt,**dims); p.release(lg)
    per=b*dims['KVH']*2; L=prompt
    for t in range(new-1):
        L+=1; nc=[(p.alloc(per*L),p.alloc(per*L)) for _ in range(dims['layers'])]
        for k,v in cache: p.release(k); p.release(v)
        cache=nc
        p.release(p.alloc(b*dims['vocab']*4))
    for k,v in cache: p.release(k); p.release(v)

def run(b,prompt,new,dims,cap,fwd=2,calls=4,prefill_on=True):
    p=Pool(cap)
    if prefill_on:
        for _ in range(fwd):
            c,lg=prefill(p,b,prompt,keep=False,**dims); p.release(lg)
    for _ in range(calls): gen(p,b,prompt,new,dims)
    return p
VIC=dict(layers=32,H=4096,KVH=4096,I=11008,heads=32,vocab=32000)
MIS=dict(layers=32,H=4096,KVH=1024,I=14336,heads=32,vocab=32000)
if __name__=="__main__":
    which=sys.argv[1]
    for b in (1,2,4,8,16):
        if which=="vic": dims,prompt,new,w,calls=VIC,128,256,12852,4
        else: dims,prompt,new,w,calls=MIS,512,1000,13813,3
        for cap in (81920-w-1200,1<<40):
            p=run(b,prompt,new,dims,cap*MIB if cap<1<<30 else cap,calls=calls)
            print(which,b,"cap" if cap<1<<30 else "nocap","end %.2f peak %.2f live %.2f flushes %d"%(p.reserved/2**30,p.peak/2**30,p.livepeak/2**30,p.flushes),flush=True)
